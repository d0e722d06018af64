import { InitialSchema1795328005286 } from './1795328005286-InitialSchema';
import { ListIndexAndDocCounts1795330209738 } from './1795330209738-ListIndexAndDocCounts';
import { AddIdempotencyKeys1795361520301 } from './1795361520301-AddIdempotencyKeys';

/** MySQL / MariaDB migrations, oldest first. */
export const mysqlMigrations = [
  InitialSchema1795328005286,
  ListIndexAndDocCounts1795330209738,
  AddIdempotencyKeys1795361520301,
];
