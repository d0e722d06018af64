import type { Role } from './doc-access';

/** Which of the caller's own documents a folder filter keeps: those directly in home, or in one folder. */
export type FolderFilter = { home: true } | { folderPathHash: string };

/**
 * Which documents a list shows: every document the user is a member of, or those where they
 * have one role, or (with a folder) the user's own documents directly in that folder.
 */
export type ListFilter = { role?: Role; folder?: undefined } | { folder: FolderFilter };

/** One row per document and member: a document with n members comes back as n rows. */
export interface DocMemberRow {
  /** On list pages: the list's total, read by the same statement as the page. */
  total_count?: number | string;
  doc_id: number;
  uuid: string;
  title: string;
  owner_id: number;
  /** The owner's folder; null for home. */
  path: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
  html?: string;
  member_role: Role;
  /** The caller's role on the document, set by the repository (from every way they have it). */
  caller_role?: Role;
  /** List pages of a caller with grants: their best role as a rank (`ROLE_RANKS`). */
  caller_rank?: number | string;
  /** Detail: the caller's role in `user_docs`, if any, and the best their grants give. */
  direct_role?: Role | null;
  grant_rank?: number | string | null;
  user_id: number;
  fname: string;
  lname: string;
  email: string;
  avatar_url: string | null;
}

/** A page of a list and the total it is a page of, read at one moment. */
export interface ListPage {
  rows: DocMemberRow[];
  totalCount: number;
}
