/** Valid longUrl values: both schemes, ports, queries, fragments, percent-encoding, a long path. */
export const validLongUrls = [
  'https://example.com',
  'http://example.com/',
  'https://shop.example.co.uk:8443/a/b?c=d&e=f#g',
  'http://127.0.0.1:8080/offer',
  'https://example.com/path%20with%20spaces?q=%C3%A9',
  `https://example.com/${'x'.repeat(1900)}`,
] as const;
