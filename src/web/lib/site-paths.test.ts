import { describe, expect, it } from 'vitest';
import { DASHBOARD_PATHS, laptopPath, laptopSlug } from '../../shared/site-paths.ts';
import { paths, laptopSlug as webSlug } from './paths.ts';

// The addresses the server names (push notifications' links, src/shared/site-paths.ts) are the web
// app's own: the two lists cannot drift apart.

describe('shared site paths', () => {
  it('are the web app’s paths', () => {
    for (const [name, path] of Object.entries(DASHBOARD_PATHS)) {
      expect(paths[name as keyof typeof DASHBOARD_PATHS], name).toBe(path);
    }
    for (const name of ['Lenovo ThinkPad X1 (Gen 9)', 'ডেল ল্যাপটপ', '', 'Café Book Pro 14"']) {
      expect(laptopSlug(name)).toBe(webSlug(name));
      expect(laptopPath('a b/1', name)).toBe(paths.laptop('a b/1', name));
    }
  });
});
