import type { Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin } from 'vite';

export function expandLinguiMacros(
  code: string,
  filename: string,
  options: { strip: boolean },
): Promise<{ code: string; map: unknown } | undefined>;
export function linguiMacros(): Plugin;
export function linguiMacrosEsbuild(options: { strip: boolean }): EsbuildPlugin;
