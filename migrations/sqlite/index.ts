import { InitialSchema1795328004418 } from './1795328004418-InitialSchema';
import { ListIndexAndDocCounts1795330206228 } from './1795330206228-ListIndexAndDocCounts';
import { TokenScopes1795361261478 } from './1795361261478-TokenScopes';
import { Collaborators1795361292561 } from './1795361292561-Collaborators';
import { DocVersions1795361392000 } from './1795361392000-DocVersions';
import { AddIdempotencyKeys1795361518069 } from './1795361518069-AddIdempotencyKeys';
import { Revisions1795600931957 } from './1795600931957-Revisions';
import { Trash1795601573148 } from './1795601573148-Trash';
import { Search1795700000000 } from './1795700000000-Search';
import { Webhooks1795720000000 } from './1795720000000-Webhooks';
import { SearchPostings1795740000000 } from './1795740000000-SearchPostings';
import { Groups1795750000000 } from './1795750000000-Groups';
import { DocGrants1795760000000 } from './1795760000000-DocGrants';
import { FolderShares1795780000000 } from './1795780000000-FolderShares';
import { GrantsInWebhookAudience1795770000000 } from './1795770000000-GrantsInWebhookAudience';
import { TeamWebhookEvents1795790000000 } from './1795790000000-TeamWebhookEvents';
import { GrantsInListOrder1795800000000 } from './1795800000000-GrantsInListOrder';
import { CountsInOneSlot1795810000000 } from './1795810000000-CountsInOneSlot';
import { GrantRolesInListOrder1795820000000 } from './1795820000000-GrantRolesInListOrder';
import { UserRolesAndTokenSources1795830000000 } from './1795830000000-UserRolesAndTokenSources';
import { SignIn1795840000000 } from './1795840000000-SignIn';
import { RareTermPostings1795850000000 } from './1795850000000-RareTermPostings';
import { PostingsWithTheirDocument1795860000000 } from './1795860000000-PostingsWithTheirDocument';
import { PostingsByBucket1795870000000 } from './1795870000000-PostingsByBucket';
import { PostingsWithoutDocIndex1795880000000 } from './1795880000000-PostingsWithoutDocIndex';

/** SQLite migrations, oldest first. */
export const sqliteMigrations = [
  InitialSchema1795328004418,
  ListIndexAndDocCounts1795330206228,
  TokenScopes1795361261478,
  Collaborators1795361292561,
  DocVersions1795361392000,
  AddIdempotencyKeys1795361518069,
  Revisions1795600931957,
  Trash1795601573148,
  Search1795700000000,
  Webhooks1795720000000,
  SearchPostings1795740000000,
  Groups1795750000000,
  DocGrants1795760000000,
  GrantsInWebhookAudience1795770000000,
  FolderShares1795780000000,
  TeamWebhookEvents1795790000000,
  GrantsInListOrder1795800000000,
  CountsInOneSlot1795810000000,
  GrantRolesInListOrder1795820000000,
  UserRolesAndTokenSources1795830000000,
  SignIn1795840000000,
  RareTermPostings1795850000000,
  PostingsWithTheirDocument1795860000000,
  PostingsByBucket1795870000000,
  PostingsWithoutDocIndex1795880000000,
];
