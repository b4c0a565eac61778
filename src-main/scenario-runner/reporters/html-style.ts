/** The HTML report's stylesheet, inlined so the report is one file; light and dark follow the system. */
export const HTML_STYLE = `
:root { --bg:#f7f7f5; --card:#fff; --fg:#1d1d1b; --muted:#6b6b66; --line:#e2e1dc; --pass:#17803d; --fail:#c4281c;
  --pass-bg:#e6f4ea; --fail-bg:#fdecea; --warn-bg:#fff7e0; --accent:#2f5bd3; --code:#f0efeb; }
@media (prefers-color-scheme: dark) {
  :root { --bg:#16171a; --card:#1f2125; --fg:#e8e8e6; --muted:#9a9a94; --line:#34363b; --pass:#4cc276; --fail:#ff6b5e;
    --pass-bg:#15301f; --fail-bg:#3a1a17; --warn-bg:#332a10; --accent:#8aa8ff; --code:#2a2c31; }
}
* { box-sizing: border-box; }
body { margin:0; background:var(--bg); color:var(--fg); font:14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
header.top, main { max-width: 1200px; margin: 0 auto; padding: 16px 24px; }
h1 { font-size: 22px; margin: 8px 0; } h2 { font-size: 18px; margin: 0 0 4px; } h3 { font-size: 14px; margin: 18px 0 6px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
h4 { margin: 8px 0 2px; font-size: 12px; color: var(--muted); }
code, pre { font: 12px/1.4 ui-monospace, "SFMono-Regular", Menlo, monospace; }
pre { background: var(--code); padding: 6px 8px; border-radius: 4px; overflow: auto; max-height: 320px; margin: 2px 0; white-space: pre-wrap; word-break: break-all; }
a { color: var(--accent); }
.meta, .muted { color: var(--muted); margin: 2px 0; }
.badge { display:inline-block; font-size: 12px; font-weight: 600; padding: 1px 8px; border-radius: 10px; vertical-align: middle; }
.badge.pass { background: var(--pass-bg); color: var(--pass); } .badge.fail { background: var(--fail-bg); color: var(--fail); }
.toc { display:flex; flex-wrap: wrap; gap: 6px 14px; margin-top: 8px; } .toc a { text-decoration:none; } .toc a.fail { color: var(--fail); } .toc a.pass { color: var(--pass); }
.scenario { background: var(--card); border: 1px solid var(--line); border-left: 4px solid var(--pass); border-radius: 6px; padding: 14px 18px; margin: 0 0 18px; }
.scenario.fail { border-left-color: var(--fail); }
.error { background: var(--fail-bg); color: var(--fail); padding: 6px 10px; border-radius: 4px; }
.expectations { list-style: none; padding: 0; margin: 0; }
.expectations li { display: flex; gap: 10px; padding: 6px 8px; border-radius: 4px; margin-bottom: 4px; }
.expectations li.fail { background: var(--fail-bg); } .expectations li.pass .mark { color: var(--pass); } .expectations li.fail .mark { color: var(--fail); }
.mark { font-weight: 700; width: 1em; } .etext { font-weight: 600; } .seen { color: var(--fg); opacity: .85; } .xs { margin-top: 2px; }
.xlink { font-size: 12px; margin-right: 6px; }
table { border-collapse: collapse; width: 100%; margin: 4px 0; }
th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-size: 12px; color: var(--muted); font-weight: 600; } td.num { white-space: nowrap; font-variant-numeric: tabular-nums; }
tr.warn td:first-child { box-shadow: inset 3px 0 #d99a00; }
tr.differs td:first-child { box-shadow: inset 3px 0 var(--fail); }
.differences { margin: 4px 0; padding-left: 18px; font-size: 13px; } .differences li { margin: 2px 0; }
ul.differences .mark, b.differs { color: var(--fail); }
.violations { color: var(--muted); }
summary { cursor: pointer; } .msg { padding: 4px 0; } pre.h { max-height: 160px; }
.pill { display:inline-block; padding: 0 6px; border-radius: 8px; background: var(--code); font-size: 12px; }
.pill.delivered { color: var(--pass); } .pill.bad_status, .pill.timeout, .pill.unreachable, .pill.refused, .pill.interrupted { color: var(--fail); }
.pill.fault { color: #b26a00; }
.violations { margin: 4px 0 0; padding-left: 18px; font-size: 12px; }
.track { position: relative; height: 34px; margin: 10px 12px 6px; border-bottom: 2px solid var(--line); }
.track i, .legend i { position: absolute; display: inline-block; }
.track .tick { bottom: -6px; width: 2px; height: 10px; background: var(--line); transform: translateX(-1px); }
.track .tick.cancelled { opacity: .4; }
.track .dot { bottom: -7px; width: 12px; height: 12px; border-radius: 50%; background: var(--pass); transform: translateX(-6px); border: 2px solid var(--card); }
.track .dot.bad_status, .track .dot.timeout, .track .dot.unreachable, .track .dot.refused, .track .dot.interrupted { background: var(--fail); }
.track .ack { bottom: 0; width: 3px; height: 30px; background: var(--accent); transform: translateX(-1px); }
.track .ack::after { content: "ack"; position: absolute; left: 5px; top: -2px; font: 11px system-ui; color: var(--accent); }
.track .done { bottom: 0; width: 2px; height: 22px; background: var(--muted); }
.track .done::after { content: "paid"; position: absolute; left: 4px; top: -4px; font: 11px system-ui; color: var(--muted); }
.axis { display: flex; justify-content: space-between; margin: 8px 6px 0; font-size: 11px; color: var(--muted); font-variant-numeric: tabular-nums; }
.legend { display: flex; gap: 16px; font-size: 12px; color: var(--muted); margin: 2px 12px 8px; }
.legend span { position: relative; padding-left: 16px; }
.legend i { left: 0; top: 3px; }
.legend .dot { width: 10px; height: 10px; border-radius: 50%; background: var(--pass); } .legend .dot.bad_status { background: var(--fail); }
.legend .ack { width: 3px; height: 12px; background: var(--accent); left: 4px; } .legend .tick { width: 2px; height: 10px; background: var(--muted); left: 4px; }
`;
