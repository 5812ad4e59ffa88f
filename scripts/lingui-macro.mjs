// Lingui's macros (`t`, `msg`, `<Trans>`, `plural` from @lingui/*/macro) turned into runtime calls,
// for every tool that reads the web app's source: Vite (the client, the dev server, the tests) and
// esbuild (the server's bundle, which renders pages). Lingui's own answer for Vite 8 is
// @rolldown/plugin-babel, which needs Node 22; this runs the same Babel plugin directly, and only
// on files that import a macro (docs/decisions/0020).
import { readFile } from 'node:fs/promises';
import { transformAsync } from '@babel/core';
import linguiMacro from '@lingui/babel-plugin-lingui-macro';

// `from"…"` without a space too: tsx's output is minified (scripts/lingui-hooks.mjs).
const USES_MACRO = /from\s*['"]@lingui\/(?:core|react)\/macro['"]/;
const SOURCE = /\.[cm]?[jt]sx?$/;

/**
 * `code` with its macros expanded, or undefined when it has none. `strip` drops the English
 * source text from the output (production: it is in the compiled English catalog); `inline`
 * continues the source map `code` carries and inlines the result (for code a loader compiled).
 */
export async function expandLinguiMacros(code, filename, { strip, inline = false }) {
  if (!USES_MACRO.test(code)) return undefined;
  const result = await transformAsync(code, {
    filename,
    babelrc: false,
    configFile: false,
    inputSourceMap: inline,
    sourceMaps: inline ? 'inline' : true,
    parserOpts: { plugins: ['typescript', 'jsx'] },
    plugins: [[linguiMacro, { stripMessageField: strip }]],
  });
  return result ? { code: result.code ?? code, map: result.map } : undefined;
}

/** The Vite plugin: before @vitejs/plugin-react, on the app's own files. */
export function linguiMacros() {
  let strip = false;
  return {
    name: 'laptop-haat-lingui-macros',
    enforce: 'pre',
    configResolved(config) {
      strip = config.command === 'build' && config.mode === 'production';
    },
    async transform(code, id) {
      const file = id.split('?')[0];
      if (!SOURCE.test(file) || file.includes('/node_modules/')) return undefined;
      return expandLinguiMacros(code, file, { strip });
    },
  };
}

/** The esbuild plugin (scripts/build-server.mjs). */
export function linguiMacrosEsbuild({ strip }) {
  return {
    name: 'laptop-haat-lingui-macros',
    setup(build) {
      build.onLoad({ filter: /\/src\/web\/.*\.tsx?$/ }, async (args) => {
        const code = await readFile(args.path, 'utf8');
        const expanded = await expandLinguiMacros(code, args.path, { strip });
        if (!expanded) return undefined;
        return { contents: expanded.code, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}
