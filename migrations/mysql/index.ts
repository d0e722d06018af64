import { InitialSchema1795328005286 } from './1795328005286-InitialSchema';

/** MySQL / MariaDB migrations, oldest first. */
export const mysqlMigrations = [InitialSchema1795328005286];
