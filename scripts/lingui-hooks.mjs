// Node module hooks that expand Lingui's macros in what tsx has compiled, so the server runs from
// source (`npm run dev`, the process tests) as the built bundle does. Registered after tsx
// (scripts/lingui-register.mjs), so tsx's output reaches this hook as JavaScript.
import { expandLinguiMacros } from './lingui-macro.mjs';

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (!url.startsWith('file:') || url.includes('/node_modules/') || loaded.source == null) return loaded;
  const code = typeof loaded.source === 'string' ? loaded.source : Buffer.from(loaded.source).toString('utf8');
  const expanded = await expandLinguiMacros(code, new URL(url).pathname, { strip: false, inline: true });
  return expanded ? { ...loaded, source: expanded.code } : loaded;
}
