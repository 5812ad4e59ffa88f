// Node module hooks that expand Lingui's macros in what tsx has compiled, so the server runs from
// source (`npm run dev`, the process tests, the CLI) as the built bundle does. Registered after
// tsx (scripts/lingui-register.mjs), so tsx's output reaches this hook as JavaScript.
import { transformAsync } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';

const USES_MACRO = /from\s*['"]@lingui\/(?:core|react)\/macro['"]/;

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (!url.startsWith('file:') || url.includes('/node_modules/') || loaded.source == null) return loaded;
  const code = typeof loaded.source === 'string' ? loaded.source : Buffer.from(loaded.source).toString('utf8');
  if (!USES_MACRO.test(code)) return loaded;
  const result = await transformAsync(code, {
    filename: new URL(url).pathname,
    babelrc: false,
    configFile: false,
    inputSourceMap: true,
    sourceMaps: 'inline',
    parserOpts: { plugins: ['jsx'] },
    plugins: [[linguiMacro, { stripMessageField: false }]],
  });
  return { ...loaded, source: result?.code ?? code };
}
