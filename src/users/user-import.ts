import { parse as parseCsv } from 'csv-parse/sync';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { InvalidInput } from '../common/errors/domain-errors';
import { describeValidationErrors } from '../common/validation/describe-validation-errors';
import { NewUserInput } from './dto/new-user.input';
import { isUserRole, USER_ROLES, UserRole } from './user-role';

/** A user to make, from one line of an import file. */
export interface ImportedUser {
  email: string;
  fname: string;
  lname: string;
  avatarUrl: string | null;
  role: UserRole;
  /** Where it is in the file (the CSV header is line 1). */
  line: number;
}

/** What an import file may have besides the three it must: `email`, `fname`, `lname`. */
const COLUMNS = ['email', 'fname', 'lname', 'role', 'avatar_url'];
const REQUIRED_COLUMNS = ['email', 'fname', 'lname'];

export class ImportLineError extends InvalidInput {
  constructor(line: number, message: string) {
    super(`line ${line}: ${message}`);
  }
}

/**
 * The users of an import file, every line checked with the rules of `users create` before
 * anything is written: JSON Lines (one object a line) when it begins with `{`, else CSV with a
 * header (`email,fname,lname[,role][,avatar_url]`). The first bad line throws ImportLineError;
 * an e-mail given twice (in any letter case) is a bad line too.
 */
export function parseUserImport(text: string): ImportedUser[] {
  const content = text.replace(/^\uFEFF/, '');
  const records = content.trimStart().startsWith('{') ? jsonLines(content) : csvRecords(content);
  const users: ImportedUser[] = [];
  const lineOfEmail = new Map<string, number>();
  for (const { line, fields } of records) {
    const user = checkedUser(line, fields);
    const earlier = lineOfEmail.get(user.email);
    if (earlier !== undefined) {
      throw new ImportLineError(line, `${user.email} is already on line ${earlier}`);
    }
    lineOfEmail.set(user.email, line);
    users.push(user);
  }
  return users;
}

interface ImportRecord {
  line: number;
  fields: Record<string, unknown>;
}

function jsonLines(content: string): ImportRecord[] {
  const records: ImportRecord[] = [];
  content.split(/\r?\n/).forEach((text, index) => {
    if (text.trim() === '') return;
    const line = index + 1;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new ImportLineError(line, 'not a JSON object');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new ImportLineError(line, 'not a JSON object');
    }
    records.push({ line, fields: value as Record<string, unknown> });
  });
  return records;
}

function csvRecords(content: string): ImportRecord[] {
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    rows = parseCsv(content, { info: true, skip_empty_lines: true }) as unknown as typeof rows;
  } catch (error) {
    const { code, lines, message } = error as { code?: string; lines?: number; message: string };
    if (code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH') {
      throw new ImportLineError(lines ?? 1, 'not as many values as the header has columns');
    }
    throw new ImportLineError(lines ?? 1, `not valid CSV (${message})`);
  }
  const [header, ...body] = rows;
  if (!header) return [];
  const columns = header.record.map((name) => name.trim().toLowerCase());
  const unknown = columns.find((name) => !COLUMNS.includes(name));
  const missing = REQUIRED_COLUMNS.filter((name) => !columns.includes(name));
  if (unknown !== undefined || missing.length > 0 || new Set(columns).size < columns.length) {
    throw new ImportLineError(
      header.info.lines,
      `the header must name the columns email, fname, lname, and optionally role and avatar_url, once each (got ${columns.join(',')})`,
    );
  }
  return body.map(({ record, info }) => ({
    line: info.lines,
    fields: Object.fromEntries(columns.map((name, index) => [name, record[index]])),
  }));
}

function checkedUser(line: number, fields: Record<string, unknown>): ImportedUser {
  const avatar = fields.avatar_url === '' ? undefined : fields.avatar_url;
  const input = plainToInstance(NewUserInput, { ...fields, avatar_url: avatar });
  const errors = validateSync(input, { whitelist: true });
  if (errors.length > 0) throw new ImportLineError(line, describeValidationErrors(errors));
  const role = fields.role === undefined || fields.role === '' ? 'member' : fields.role;
  if (typeof role !== 'string' || !isUserRole(role)) {
    throw new ImportLineError(line, `role must be ${USER_ROLES.join(' or ')}`);
  }
  return {
    email: input.email.toLowerCase(),
    fname: input.fname,
    lname: input.lname,
    avatarUrl: input.avatar_url ?? null,
    role,
    line,
  };
}
