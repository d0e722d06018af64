import { createHash } from 'node:crypto';
import type { Role } from './doc-access';
import { readsEveryGrant } from './dense-scan';
import { MemoryBoundedMap } from './memory-bounded-map';
import { ROLE_RANKS } from './grants-sql';

/**
 * A way to documents other than `user_docs`: the grants from one source (`folder_share_id`: a
 * folder share, or 0 for the documents shared with the group itself) to a group the user is in,
 * or to them. Each document is in one source's grants once.
 */
export interface GrantSource {
  grantee_type: 'group' | 'user';
  grantee_id: number;
  folder_share_id: number;
  /** A folder share's role, the same on each of its grants; null for documents shared one by one. */
  role: Exclude<Role, 'owner'> | null;
  /** A folder share's owner and folder; null for documents shared one by one. */
  owner_id: number | null;
  path: string | null;
  /** The folder's `path_hash` (a path identified without reading it). */
  path_hash: string | null;
  /** How many documents outside the trash the source gives (`doc_grant_counts`). */
  doc_count: number | string;
  /** The user's documents by membership, and those of them they own (on every row). */
  member_docs: number | string;
  owned_docs: number | string;
}

/** A source read as a range of its grants (an arm of the merged list). */
export type ArmSource = Pick<
  GrantSource,
  'grantee_type' | 'grantee_id' | 'folder_share_id' | 'role'
>;

/**
 * The documents a user may have twice, counted one by one: their direct shares (when folder
 * shares may give them too), and their groups' documents shared one by one; each counted with
 * the ways the user has it through `user_docs`, these groups and these folder shares.
 */
export interface OverlapPlan {
  folderShares: number[];
  groups: number[];
  directCandidates: boolean;
}

/**
 * What the statements of a user's list without a role filter depend on, from their sources:
 * how many ways lead to their documents; the arms, when the pages are read from each of them
 * (few ways) rather than from every grant in list order; and the overlap to count, if any.
 * Ids in ascending order, so two plans of the same sources are equal.
 */
export interface MergedListPlan {
  ways: number;
  arms?: ArmSource[];
  overlap?: OverlapPlan;
}

/** Sources as read, their ids as numbers (MySQL may give numbers as strings). */
export function sourcesFromRows<Source extends SourceWithoutPath>(rows: Source[]): Source[] {
  return rows.map((source) => ({
    ...source,
    grantee_id: Number(source.grantee_id),
    folder_share_id: Number(source.folder_share_id),
    owner_id: source.owner_id === null ? null : Number(source.owner_id),
  }));
}

/** A source as read without its folder's path (a text column), which the hash identifies. */
export type SourceWithoutPath = Omit<GrantSource, 'path'>;

/** The fields of a source, in the order of a source's JSON array (`sourcesFromJson`). */
export const SOURCE_FIELDS = [
  ...(['grantee_type', 'grantee_id', 'folder_share_id', 'role', 'owner_id', 'path_hash'] as const),
  ...(['doc_count', 'member_docs', 'owned_docs'] as const),
] satisfies (keyof SourceWithoutPath)[];

/** A JSON value as the driver gives it: text (SQLite, or MySQL's text cast), or parsed. */
export function jsonRead(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/**
 * Sources read as one JSON array of arrays, each a source's `SOURCE_FIELDS` (`jsonRead`); NULL
 * for none.
 */
export function sourcesFromJson(json: unknown): SourceWithoutPath[] {
  const parsed = (jsonRead(json) ?? []) as unknown[][];
  return parsed.map((values) => {
    const [type, granteeId, folderShareId, role, ownerId, pathHash, docs, members, owned] = values;
    return {
      grantee_type: type as GrantSource['grantee_type'],
      grantee_id: Number(granteeId),
      folder_share_id: Number(folderShareId),
      role: role as GrantSource['role'],
      owner_id: ownerId === null ? null : Number(ownerId),
      path_hash: pathHash as string | null,
      doc_count: docs as number | string,
      member_docs: members as number | string,
      owned_docs: owned as number | string,
    };
  });
}

/**
 * Sources as text (`sourcesFromJson`); undefined when it is not a whole JSON array: MariaDB cuts
 * an aggregate longer than `group_concat_max_len` (1 MiB by default, some 10,000 sources), with
 * only a warning.
 */
export function sourcesFromText(text: string): SourceWithoutPath[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  return Array.isArray(parsed) ? sourcesFromJson(parsed) : undefined;
}

/**
 * A digest of the sources as read (`sourcesFromJson`'s text): two reads with the same digest
 * found the same sources, counts included.
 */
export function sourcesDigest(text: string): string {
  return createHash('sha1').update(text).digest('base64url');
}

/**
 * The sources with their folders' paths as `paths` holds them for their hashes; undefined when
 * it holds one not.
 */
export function sourcesWithPaths(
  sources: SourceWithoutPath[],
  paths: FolderSharePaths,
): GrantSource[] | undefined {
  const withPaths: GrantSource[] = [];
  for (const source of sources) {
    let path: string | null = null;
    if (source.folder_share_id !== 0) {
      const known = paths.pathOf(source.folder_share_id, source.path_hash!);
      if (known === undefined) return undefined;
      path = known;
    }
    withPaths.push({ ...source, path });
  }
  return withPaths;
}

/**
 * The folders' paths of folder shares, by share, each with the hash it was read with: what a
 * list read without the paths (`sourcesWithPaths`) takes them from. Only a hint: a path is
 * given for the same share and hash alone. Holds at most `capacityBytes` of them (measured at
 * 415 bytes for a 30-character path, 220 and two a character of path and hash estimated), the
 * least recently remembered leaving first.
 */
export class FolderSharePaths {
  private readonly paths: MemoryBoundedMap<number, { hash: string; path: string }>;

  constructor(capacityBytes: number) {
    this.paths = new MemoryBoundedMap(
      capacityBytes,
      ({ hash, path }) => 220 + 2 * (hash.length + path.length),
    );
  }

  /** Remembers the paths of the folder shares among `sources`. */
  remember(sources: GrantSource[]): void {
    for (const source of sources) {
      if (source.folder_share_id === 0) continue;
      this.paths.set(source.folder_share_id, { hash: source.path_hash!, path: source.path! });
    }
  }

  pathOf(folderShareId: number, hash: string): string | undefined {
    const known = this.paths.get(folderShareId);
    return known?.hash === hash ? known.path : undefined;
  }
}

/** The folder shares among the sources, by owner: a share may only be within its owner's. */
function folderSharesByOwner(sources: GrantSource[]): Map<number | null, GrantSource[]> {
  const byOwner = new Map<number | null, GrantSource[]>();
  for (const source of sources) {
    if (source.folder_share_id === 0) continue;
    const shares = byOwner.get(source.owner_id);
    if (shares) shares.push(source);
    else byOwner.set(source.owner_id, [source]);
  }
  return byOwner;
}

/**
 * Whether folder share `inner` gives nothing `outer` does not: the same owner's folder, or a
 * folder below it (two shares of one folder: the first made is kept).
 */
function coveredBy(inner: GrantSource, outer: GrantSource): boolean {
  if (outer === inner || outer.owner_id !== inner.owner_id) return false;
  const [outerPath, innerPath] = [outer.path!, inner.path!];
  if (outerPath === innerPath) return outer.folder_share_id < inner.folder_share_id;
  return outerPath === '~' || innerPath.startsWith(`${outerPath}/`);
}

/**
 * The sources read as arms: not one that gives no document, nor a role, another does not: a
 * share of the user's own folder (they own it), or a folder share within another of one
 * owner's that gives no better role.
 */
export function armSources(userId: number, reaching: GrantSource[]): GrantSource[] {
  const byOwner = folderSharesByOwner(reaching);
  return reaching.filter(
    (source) =>
      source.folder_share_id === 0 ||
      (source.owner_id !== userId &&
        !byOwner
          .get(source.owner_id)!
          .some(
            (outer) =>
              ROLE_RANKS[outer.role!] <= ROLE_RANKS[source.role!] && coveredBy(source, outer),
          )),
  );
}

/**
 * How many documents a user whom grants reach has, from counts (`sources`, at least one):
 * theirs in `user_docs`, and each source's (`doc_grant_counts`), less what two ways give
 * twice. Folder shares overlap only when one owner's folders nest (kept: the outermost), or
 * with the user's own documents (a share of their own folder: left out); any other document
 * reached twice is one of the user's direct shares or of their groups' documents shared one
 * by one, which are counted one by one (`overlap`: the total is then less by the ways it
 * counts beyond one per document). So the cost grows with those, not with the documents
 * folder shares give.
 */
export function countFromSources(
  userId: number,
  sources: GrantSource[],
): { total: number; overlap?: OverlapPlan } {
  // Each source's row carries the user's totals by membership.
  const [{ member_docs: memberDocs, owned_docs: ownedDocs }] = sources;
  const byOwner = folderSharesByOwner(sources);
  const folderShares = sources.filter(
    (source) =>
      source.folder_share_id !== 0 &&
      source.owner_id !== userId &&
      !byOwner.get(source.owner_id)!.some((outer) => coveredBy(source, outer)),
  );
  const groups = sources.filter((source) => source.folder_share_id === 0);
  const direct = Number(memberDocs) - Number(ownedDocs);
  let total = Number(memberDocs);
  for (const source of [...folderShares, ...groups]) total += Number(source.doc_count);
  const directCandidates = direct > 0 && folderShares.length > 0;
  if (groups.length === 0 && !directCandidates) return { total };
  const ascending = (ids: number[]) => [...ids].sort((a, b) => a - b);
  return {
    total,
    overlap: {
      folderShares: ascending(folderShares.map((source) => source.folder_share_id)),
      groups: ascending(groups.map((source) => source.grantee_id)),
      directCandidates,
    },
  };
}

/**
 * The plan of a user's list without a role filter, from their sources (at least one) and what
 * `countFromSources` makes of them.
 */
export function mergedListPlan(
  userId: number,
  sources: GrantSource[],
  { overlap } = countFromSources(userId, sources),
): MergedListPlan {
  const arms = armSources(userId, sources);
  const ways = arms.length + 1;
  return {
    ways,
    ...(readsEveryGrant(ways)
      ? {}
      : {
          arms: arms
            .map(({ grantee_type, grantee_id, folder_share_id, role }) => ({
              grantee_type,
              grantee_id,
              folder_share_id,
              role,
            }))
            .sort(
              (a, b) =>
                a.grantee_type.localeCompare(b.grantee_type) ||
                a.grantee_id - b.grantee_id ||
                a.folder_share_id - b.folder_share_id,
            ),
        }),
    ...(overlap ? { overlap } : {}),
  };
}

/** Whether two plans read the same statements (with the same parameters but the page's). */
export function samePlan(a: MergedListPlan, b: MergedListPlan): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
