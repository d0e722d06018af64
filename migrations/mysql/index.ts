import { InitialSchema1795328005286 } from './1795328005286-InitialSchema';
import { ListIndexAndDocCounts1795330209738 } from './1795330209738-ListIndexAndDocCounts';
import { TokenScopes1795361263481 } from './1795361263481-TokenScopes';

/** MySQL / MariaDB migrations, oldest first. */
export const mysqlMigrations = [
  InitialSchema1795328005286,
  ListIndexAndDocCounts1795330209738,
  TokenScopes1795361263481,
];
