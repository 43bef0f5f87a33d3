import { describe, expect, it } from 'vitest';
import { feedKey } from './feed-url.js';

describe('feed addresses', () => {
  it.each([
    ['http://localhost:3000/api/demo/feed.xml', 'http://127.0.0.1:3000/api/demo/feed.xml'],
    ['http://localhost:3000/api/demo/feed.xml', 'http://[::1]:3000/api/demo/feed.xml'],
    ['http://localhost:3000/api/demo/feed.xml', 'https://reader.example.org/api/demo/feed.xml'],
    ['https://News.Example.com:443/feed/', 'https://news.example.com/feed'],
    ['https://news.example.com/feed#latest', 'https://news.example.com/feed'],
  ])('%s is the same feed as %s', (a, b) => {
    expect(feedKey(a, 'https://reader.example.org')).toBe(feedKey(b, 'https://reader.example.org'));
  });

  it.each([
    ['https://news.example.com/feed', 'http://news.example.com/feed'],
    ['https://news.example.com/feed?cat=1', 'https://news.example.com/feed?cat=2'],
    ['https://a.example.com/feed', 'https://b.example.com/feed'],
    ['http://localhost:3000/api/demo/feed.xml', 'https://reader.example.org/api/demo/feed.xml'],
  ])('%s is not %s (the last without PUBLIC_URL)', (a, b) => {
    expect(feedKey(a)).not.toBe(feedKey(b));
  });
});
