import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VIEWS } from '../src/shell/views';

const indexHtml = readFileSync(new URL('../index.html', import.meta.url), 'utf8');

describe('the view targets of index.html', () => {
  it('name every view but the first, the one the server draws, as its address does (#/<id>)', () => {
    const block = /<div class="view-targets" hidden>([\s\S]*?)<\/div>/.exec(indexHtml)?.[1] ?? '';
    const targets = Array.from(block.matchAll(/<i id="([^"]+)"><\/i>/g), (match) => match[1]);
    expect(targets).toEqual(VIEWS.slice(1).map(({ id }) => `/${id}`));
  });
});
