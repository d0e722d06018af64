import { InvalidInput } from '../common/errors/domain-errors';
import { decodeScopes, encodeScopes, grantedScopes } from './token-scopes';

describe('token scopes', () => {
  describe('grantedScopes', () => {
    it.each([
      { requested: undefined, granted: ['docs:read', 'docs:write'] },
      { requested: [], granted: ['docs:read', 'docs:write'] },
      { requested: ['docs:read'], granted: ['docs:read'] },
      { requested: ['docs:write'], granted: ['docs:read', 'docs:write'] },
      { requested: ['docs:write', 'docs:read'], granted: ['docs:read', 'docs:write'] },
      { requested: ['docs:read,docs:write'], granted: ['docs:read', 'docs:write'] },
      { requested: [' docs:read , docs:read '], granted: ['docs:read'] },
      { requested: ['docs:read', 'docs:read'], granted: ['docs:read'] },
      { requested: ['tokens:write'], granted: ['tokens:write'] },
      { requested: ['admin,docs:write'], granted: ['docs:read', 'docs:write', 'admin'] },
    ])('$requested gives $granted', ({ requested, granted }) => {
      expect(grantedScopes(requested)).toEqual(granted);
    });

    it.each([
      { requested: ['docs:admin'], word: 'docs:admin' },
      { requested: ['docs:read', 'tokens:read'], word: 'tokens:read' },
      { requested: ['DOCS:READ'], word: 'DOCS:READ' },
      { requested: ['docs:read docs:write'], word: 'docs:read docs:write' },
      { requested: [''], word: '' },
      { requested: ['docs:read,'], word: '' },
    ])('refuses $requested, naming $word', ({ requested, word }) => {
      const attempt = () => grantedScopes(requested);
      expect(attempt).toThrow(InvalidInput);
      expect(attempt).toThrow(
        `unknown scope ${JSON.stringify(word)}: scope must be one of docs:read, docs:write, tokens:write, admin`,
      );
    });
  });

  describe('storage', () => {
    it('is space-separated and round-trips', () => {
      expect(encodeScopes(['docs:read', 'docs:write'])).toBe('docs:read docs:write');
      expect(decodeScopes('docs:read docs:write')).toEqual(['docs:read', 'docs:write']);
      expect(decodeScopes(encodeScopes(['docs:read']))).toEqual(['docs:read']);
    });

    it('grants nothing for words it does not know, or an empty value', () => {
      expect(decodeScopes('docs:read superuser')).toEqual(['docs:read']);
      expect(decodeScopes('superuser')).toEqual([]);
      expect(decodeScopes('')).toEqual([]);
    });
  });
});
