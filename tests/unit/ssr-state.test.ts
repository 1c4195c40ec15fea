import { describe, expect, it } from 'vitest';
import { readSsrState, ssrStateJson, SSR_STATE_ID } from '#src/lib/ssr-state.ts';

function pageWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (json !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = SSR_STATE_ID;
    script.textContent = json;
    doc.body.append(script);
  }
  return doc;
}

describe("the server's language and namespaces in the page", () => {
  it('are read back as written, with characters that could end the script escaped', () => {
    const json = ssrStateJson({ language: 'lv', namespaces: ['common', 'home', '</script>'] });
    expect(json).not.toContain('</script>');
    expect(readSsrState(pageWith(json))).toEqual({
      language: 'lv',
      namespaces: ['common', 'home', '</script>'],
    });
  });

  it('keep only strings as namespaces, and a page with no list still has its language', () => {
    expect(readSsrState(pageWith('{"language":"en-GB","namespaces":["faq",3,null]}'))).toEqual({
      language: 'en-GB',
      namespaces: ['faq'],
    });
    expect(readSsrState(pageWith('{"language":"en-US"}'))).toEqual({
      language: 'en-US',
      namespaces: [],
    });
  });

  it('without them, or broken, the page starts in the language the cookie or the browser gives', () => {
    for (const doc of [
      pageWith(null),
      pageWith('{broken'),
      pageWith('{"language":"xx","namespaces":["common"]}'),
    ]) {
      const state = readSsrState(doc);
      expect(state.namespaces).toEqual([]);
      expect(['lv', 'en-GB', 'en-US']).toContain(state.language);
    }
  });
});
