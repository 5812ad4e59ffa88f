import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The logo is drawn twice: public/favicon.svg (the tab's icon, the manifest's) and the `icon-logo`
// symbol of index.html's sprite (the navbar's and the footer's). They must stay the same drawing.
const drawing = (svg: string) => svg.replace(/\s+/g, ' ').replace(/> </g, '><').trim();

describe('the logo', () => {
  it("is the favicon's drawing in index.html's sprite", () => {
    const favicon = readFileSync('public/favicon.svg', 'utf8');
    const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(favicon)?.[1] ?? '';
    const symbol = /<symbol id="icon-logo" viewBox="([^"]+)">([\s\S]*?)<\/symbol>/.exec(
      readFileSync('index.html', 'utf8'),
    );
    expect(symbol?.[1]).toBe(/viewBox="([^"]+)"/.exec(favicon)?.[1]);
    expect(drawing(symbol?.[2] ?? '')).toBe(drawing(inner));
  });
});
