import { type Theme } from '@shared/contract/checkout-ops';
import { useThemeSetting } from '../ui/useTheme';

const THEMES: Array<{ value: Theme; label: string }> = [
  { value: 'system', label: 'As the system' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** System, light or dark: applied at once and remembered in the data folder. */
export function ThemeSwitch() {
  const { theme, set } = useThemeSetting();
  return (
    <section className="card settings-card" data-testid="settings-theme">
      <h2>Appearance</h2>
      <div className="settings-row">
        <span className="settings-label" id="theme-label">
          Theme
        </span>
        <div className="segmented" role="radiogroup" aria-labelledby="theme-label">
          {THEMES.map((t) => (
            <label key={t.value} className={`segment${theme === t.value ? ' segment-on' : ''}`}>
              <input
                type="radio"
                name="theme"
                value={t.value}
                checked={theme === t.value}
                onChange={() => set(t.value)}
                data-testid={`settings-theme-${t.value}`}
              />
              {t.label}
            </label>
          ))}
        </div>
      </div>
    </section>
  );
}
