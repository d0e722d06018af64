import {
  checkTargetUrl,
  forbiddenRange,
  RefusedTarget,
  ResolvedAddress,
  resolveTarget,
} from './target-guard';

const strict = { allowHttp: false, allowPrivate: false };
const open = { allowHttp: true, allowPrivate: true };

describe('webhook target guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['224.0.0.1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['::ffff:a00:1', 'private'],
    ['64:ff9b::7f00:1', 'rfc6052'],
    ['2002:7f00:1::', '6to4'],
  ])('refuses %s (%s)', (address, range) => {
    expect(forbiddenRange(address)).toBe(range);
  });

  it.each(['8.8.8.8', '93.184.216.34', '2001:4860:4860::8888', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (address) => {
      expect(forbiddenRange(address)).toBeNull();
    },
  );

  it.each([
    ['http://example.com/hook', 'url must be an https:// URL'],
    ['ftp://example.com/hook', 'url must be an https:// URL'],
    ['example.com/hook', 'url must be an absolute https:// URL'],
    ['https://user:pw@example.com/hook', 'url must not contain a user name or password'],
    ['https://127.0.0.1/hook', 'url must not point to 127.0.0.1: a loopback address'],
    ['https://[::1]:8443/hook', 'url must not point to ::1: a loopback address'],
    [
      'https://[::ffff:169.254.169.254]/latest',
      'url must not point to ::ffff:a9fe:a9fe (169.254.169.254): a link-local address',
    ],
    ['https://2130706433/hook', 'url must not point to 127.0.0.1: a loopback address'],
    ['https://0x7f.1/hook', 'url must not point to 127.0.0.1: a loopback address'],
    ['https://localhost:3000/hook', 'url must not point to localhost (a loopback name)'],
    ['https://api.localhost/hook', 'url must not point to api.localhost (a loopback name)'],
    [`https://example.com/${'a'.repeat(2048)}`, 'url must be at most 2048 characters'],
  ])('refuses %s without DNS', (url, message) => {
    expect(() => checkTargetUrl(url, strict)).toThrow(new RefusedTarget(message));
  });

  it('takes http:// and internal addresses only when the policy allows them', () => {
    expect(checkTargetUrl('http://127.0.0.1:8080/hook', open).href).toBe(
      'http://127.0.0.1:8080/hook',
    );
    expect(() => checkTargetUrl('http://127.0.0.1/', { ...open, allowHttp: false })).toThrow(
      'url must be an https:// URL',
    );
    expect(() => checkTargetUrl('https://127.0.0.1/', { ...open, allowPrivate: false })).toThrow(
      'loopback',
    );
    expect(() => checkTargetUrl('ftp://example.com/', open)).toThrow(
      'url must be an http:// or https:// URL',
    );
  });

  const resolver =
    (answers: Record<string, string[]>) =>
    (host: string): Promise<ResolvedAddress[]> => {
      const addresses = answers[host];
      if (!addresses) return Promise.reject(new Error('ENOTFOUND'));
      return Promise.resolve(
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
    };

  it('connects to the first address a public name resolves to', async () => {
    const resolve = resolver({ 'hooks.example.com': ['93.184.216.34', '2606:2800::1'] });
    await expect(
      resolveTarget(new URL('https://hooks.example.com/x'), strict, resolve),
    ).resolves.toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('refuses a name that resolves to an internal address, even beside a public one', async () => {
    const resolve = resolver({
      'rebind.example.com': ['93.184.216.34', '169.254.169.254'],
      'mapped.example.com': ['::ffff:10.0.0.1'],
    });
    await expect(
      resolveTarget(new URL('https://rebind.example.com/'), strict, resolve),
    ).rejects.toThrow(
      'url must not point to rebind.example.com (169.254.169.254): a link-local address',
    );
    await expect(
      resolveTarget(new URL('https://mapped.example.com/'), strict, resolve),
    ).rejects.toThrow('a private address');
    await expect(
      resolveTarget(new URL('https://rebind.example.com/'), open, resolve),
    ).resolves.toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('refuses a name that does not resolve', async () => {
    await expect(
      resolveTarget(new URL('https://nowhere.invalid/'), strict, resolver({})),
    ).rejects.toThrow('the host nowhere.invalid does not resolve');
  });

  it('checks a written-out address without asking DNS', async () => {
    const resolve = jest.fn();
    await expect(resolveTarget(new URL('https://[2001:db8::1]/'), open, resolve)).resolves.toEqual({
      address: '2001:db8::1',
      family: 6,
    });
    await expect(resolveTarget(new URL('https://10.0.0.1/'), strict, resolve)).rejects.toThrow(
      'a private address',
    );
    expect(resolve).not.toHaveBeenCalled();
  });
});
