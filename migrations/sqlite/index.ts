import { InitialSchema1795328004418 } from './1795328004418-InitialSchema';

/** SQLite migrations, oldest first. */
export const sqliteMigrations = [InitialSchema1795328004418];
