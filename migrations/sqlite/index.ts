import { InitialSchema1795328004418 } from './1795328004418-InitialSchema';
import { ListIndexAndDocCounts1795330206228 } from './1795330206228-ListIndexAndDocCounts';
import { AddIdempotencyKeys1795361518069 } from './1795361518069-AddIdempotencyKeys';

/** SQLite migrations, oldest first. */
export const sqliteMigrations = [
  InitialSchema1795328004418,
  ListIndexAndDocCounts1795330206228,
  AddIdempotencyKeys1795361518069,
];
