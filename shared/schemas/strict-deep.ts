import { z } from 'zod';
import { copyOneKeyMark } from '../rules/scenario-problems';

type Def = Record<string, unknown> & { type: string };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const cloneWith = (s: z.ZodType, def: Def) => (s as unknown as { clone(d: Def): z.ZodType }).clone(def);

/**
 * The same schema with every object in it strict (an unknown key refused), however deep: the schemas it
 * borrows (addresses, the complete step) are loose where the APIs accept unknown fields, as the spec
 * asks, but in a scenario file an unknown key is a typo that would silently do nothing. Records, `unknown`
 * and everything else stay as they are. Descriptions and examples are kept, so the JSON Schema made from
 * the result says `additionalProperties: false` wherever the file is strict.
 */
export function strictDeep<T extends z.ZodType>(schema: T): T {
  const def = defOf(schema);
  let out: z.ZodType;
  switch (def.type) {
    case 'object': {
      const shape = Object.fromEntries(
        Object.entries(def.shape as Record<string, z.ZodType>).map(([k, v]) => [k, strictDeep(v)]),
      );
      out = cloneWith(schema, { ...def, shape, catchall: z.never() });
      break;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      out = cloneWith(schema, { ...def, innerType: strictDeep(def.innerType as z.ZodType) });
      break;
    case 'array':
      out = cloneWith(schema, { ...def, element: strictDeep(def.element as z.ZodType) });
      break;
    case 'union':
      out = cloneWith(schema, { ...def, options: (def.options as z.ZodType[]).map((o) => strictDeep(o)) });
      break;
    case 'record':
      out = cloneWith(schema, { ...def, valueType: strictDeep(def.valueType as z.ZodType) });
      break;
    default:
      return schema;
  }
  const meta = z.globalRegistry.get(schema);
  if (meta) out = out.meta(meta);
  copyOneKeyMark(schema, out);
  return out as T;
}
