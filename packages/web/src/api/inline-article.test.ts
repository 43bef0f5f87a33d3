import { afterEach, describe, expect, it } from 'vitest';
import { inlineArticle } from './articles.queries';

afterEach(() => document.getElementById('cd-article')?.remove());

const inline = (id: string, text: string) => {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'cd-article';
  block.dataset.id = id;
  block.textContent = text;
  document.head.append(block);
};

describe('the article the server put into the page', () => {
  it('is read for the article it names, unpacked, with escaped markup restored', () => {
    inline('7', '{"id":7,"title":"A \\u003c/script> tale","paragraphs":[{"id":"p1","kind":"p","text":"Herons \\u003c3. Back.","zh":null,"cuts":[0,10,11,16]}]}');
    expect(inlineArticle(7)).toEqual({
      id: 7,
      title: 'A </script> tale',
      paragraphs: [
        {
          id: 'p1',
          kind: 'p',
          html: 'Herons <3. Back.',
          text: 'Herons <3. Back.',
          sentences: [
            { id: 'p1-s1', text: 'Herons <3.' },
            { id: 'p1-s2', text: 'Back.' },
          ],
          zh: null,
        },
      ],
    });
  });

  it('is ignored on another article, when missing, or when it is not JSON', () => {
    expect(inlineArticle(7)).toBeUndefined();
    inline('8', '{"id":8}');
    expect(inlineArticle(7)).toBeUndefined();
    document.getElementById('cd-article')!.remove();
    inline('7', '{broken');
    expect(inlineArticle(7)).toBeUndefined();
  });
});
