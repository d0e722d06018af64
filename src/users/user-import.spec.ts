import { parseUserImport } from './user-import';

const problem = (text: string) => {
  try {
    parseUserImport(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
};

describe('parseUserImport', () => {
  it('reads CSV with a header in any order, quotes, CRLF, a BOM; role defaults to member', () => {
    const text =
      '\uFEFFfname,email,lname,role\r\n' +
      'Ada, ADA@Example.com ,Lovelace,\r\n' +
      '"Grace ""Amazing""",grace@example.com,"Hopper, Jr",admin\r\n' +
      '\r\n';
    expect(parseUserImport(text)).toEqual([
      {
        email: 'ada@example.com',
        fname: 'Ada',
        lname: 'Lovelace',
        avatarUrl: null,
        role: 'member',
        line: 2,
      },
      {
        email: 'grace@example.com',
        fname: 'Grace "Amazing"',
        lname: 'Hopper, Jr',
        avatarUrl: null,
        role: 'admin',
        line: 3,
      },
    ]);
  });

  it('reads JSON Lines, counting blank lines, with an avatar', () => {
    const text =
      '{"email":"a@example.com","fname":"A","lname":"B","avatar_url":"https://example.com/a.png"}\n' +
      '\n' +
      '{"email":"c@example.com","fname":"C","lname":"D","role":"admin","other":1}\n';
    expect(parseUserImport(text)).toEqual([
      {
        email: 'a@example.com',
        fname: 'A',
        lname: 'B',
        avatarUrl: 'https://example.com/a.png',
        role: 'member',
        line: 1,
      },
      { email: 'c@example.com', fname: 'C', lname: 'D', avatarUrl: null, role: 'admin', line: 3 },
    ]);
  });

  it('takes an empty file, or a header alone, as no users', () => {
    expect(parseUserImport('')).toEqual([]);
    expect(parseUserImport('email,fname,lname\n')).toEqual([]);
  });

  it.each([
    [
      'a bad e-mail',
      'email,fname,lname\na@example.com,A,B\nnope,A,B\n',
      'line 3: email must be a valid e-mail address',
    ],
    ['an empty name', 'email,fname,lname\na@example.com, ,B\n', 'line 2: fname must not be empty'],
    [
      'an unknown role',
      'email,fname,lname,role\na@example.com,A,B,owner\n',
      'line 2: role must be member or admin',
    ],
    [
      'a missing value',
      'email,fname,lname\na@example.com,A\n',
      'line 2: not as many values as the header has columns',
    ],
    ['an unclosed quote', 'email,fname,lname\na@example.com,A,"B\n', 'line 2: not valid CSV'],
    [
      'an e-mail twice, in another case',
      'email,fname,lname\na@example.com,A,B\n\nA@EXAMPLE.COM,C,D\n',
      'line 4: a@example.com is already on line 2',
    ],
    [
      'a header without lname',
      'email,fname\na@example.com,A\n',
      'line 1: the header must name the columns email, fname, lname',
    ],
    ['an unknown column', 'email,fname,lname,phone\n', 'line 1: the header must name'],
    ['a column twice', 'email,fname,lname,email\n', 'line 1: the header must name'],
    [
      'a JSON line that is no object',
      '{"email":"a@example.com","fname":"A","lname":"B"}\n[1]\n',
      'line 2: not a JSON object',
    ],
    [
      'a JSON line cut short',
      '{"email":"a@example.com","fname":"A","lname":"B"}\n{"email":\n',
      'line 2: not a JSON object',
    ],
    [
      'a JSON line with a number for a name',
      '{"email":"a@example.com","fname":1,"lname":"B"}\n',
      'line 1: fname must be a string',
    ],
  ])('refuses %s, naming the line', (_case, text, message) => {
    expect(problem(text)).toContain(message);
  });
});
