import { InitialSchema1795328005286 } from './1795328005286-InitialSchema';
import { ListIndexAndDocCounts1795330209738 } from './1795330209738-ListIndexAndDocCounts';
import { TokenScopes1795361263481 } from './1795361263481-TokenScopes';
import { Collaborators1795361290648 } from './1795361290648-Collaborators';
import { DocVersions1795361390000 } from './1795361390000-DocVersions';
import { AddIdempotencyKeys1795361520301 } from './1795361520301-AddIdempotencyKeys';
import { Revisions1795600922647 } from './1795600922647-Revisions';
import { Trash1795601571731 } from './1795601571731-Trash';
import { Search1795700000000 } from './1795700000000-Search';
import { SearchTitleIndexDropped1795710000000 } from './1795710000000-SearchTitleIndexDropped';
import { Webhooks1795720000000 } from './1795720000000-Webhooks';
import { TextInOneCollation1795730000000 } from './1795730000000-TextInOneCollation';
import { SearchPostings1795740000000 } from './1795740000000-SearchPostings';
import { Groups1795750000000 } from './1795750000000-Groups';
import { DocGrants1795760000000 } from './1795760000000-DocGrants';
import { FolderShares1795780000000 } from './1795780000000-FolderShares';
import { GrantsInWebhookAudience1795770000000 } from './1795770000000-GrantsInWebhookAudience';
import { TeamWebhookEvents1795790000000 } from './1795790000000-TeamWebhookEvents';
import { GrantsInListOrder1795800000000 } from './1795800000000-GrantsInListOrder';
import { GrantRolesInListOrder1795820000000 } from './1795820000000-GrantRolesInListOrder';
import { UserRolesAndTokenSources1795830000000 } from './1795830000000-UserRolesAndTokenSources';
import { SignIn1795840000000 } from './1795840000000-SignIn';
import { RareTermPostings1795850000000 } from './1795850000000-RareTermPostings';
import { PostingsWithTheirDocument1795860000000 } from './1795860000000-PostingsWithTheirDocument';
import { PostingsByBucket1795870000000 } from './1795870000000-PostingsByBucket';
import { PostingsWithoutDocIndex1795880000000 } from './1795880000000-PostingsWithoutDocIndex';

/** MySQL / MariaDB migrations, oldest first. */
export const mysqlMigrations = [
  InitialSchema1795328005286,
  ListIndexAndDocCounts1795330209738,
  TokenScopes1795361263481,
  Collaborators1795361290648,
  DocVersions1795361390000,
  AddIdempotencyKeys1795361520301,
  Revisions1795600922647,
  Trash1795601571731,
  Search1795700000000,
  SearchTitleIndexDropped1795710000000,
  Webhooks1795720000000,
  TextInOneCollation1795730000000,
  SearchPostings1795740000000,
  Groups1795750000000,
  DocGrants1795760000000,
  GrantsInWebhookAudience1795770000000,
  FolderShares1795780000000,
  TeamWebhookEvents1795790000000,
  GrantsInListOrder1795800000000,
  GrantRolesInListOrder1795820000000,
  UserRolesAndTokenSources1795830000000,
  SignIn1795840000000,
  RareTermPostings1795850000000,
  PostingsWithTheirDocument1795860000000,
  PostingsByBucket1795870000000,
  PostingsWithoutDocIndex1795880000000,
];
