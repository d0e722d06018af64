// Types for galera-cluster.js, which the cluster test imports.

export interface GaleraNode {
  name: string;
  dir: string;
  sqlPort: number;
  gmcastPort: number;
  istPort: number;
  sstPort: number;
  pid: number | null;
}

export interface ClusterState {
  dir: string;
  nodes: GaleraNode[];
  haproxy: { port: number; pid: number | null };
}

export interface NodeStatus {
  wsrep_local_state_comment?: string;
  wsrep_cluster_size?: string;
  wsrep_cluster_status?: string;
  wsrep_ready?: string;
  wsrep_last_committed?: string;
}

export class GaleraCluster {
  constructor(state: ClusterState, options?: { log?: (line: string) => void; detached?: boolean });
  readonly dir: string;
  readonly nodes: GaleraNode[];
  readonly haproxy: { port: number; pid: number | null };
  readonly state: ClusterState;
  url(database: string): string;
  pids(): number[];
  query<T = Record<string, unknown>>(index: number, sql: string, params?: unknown[]): Promise<T[]>;
  queryApplied<T = Record<string, unknown>>(
    index: number,
    sql: string,
    params?: unknown[],
  ): Promise<T[]>;
  status(index: number): Promise<NodeStatus>;
  alive(index: number): boolean;
  errorLog(index: number): string;
  waitSynced(index: number, ms?: number): Promise<void>;
  waitClusterSize(size: number, ms?: number): Promise<void>;
  writerNode(): Promise<number>;
  waitForWriter(ms?: number): Promise<number>;
  kill(index: number, signal?: NodeJS.Signals): Promise<void>;
  recover(
    index: number,
    options?: { donor?: number },
  ): Promise<{ ms: number; position: string; byIst: boolean }>;
  stop(options?: { keep?: boolean }): Promise<void>;
  killNow(): void;
}

export function startCluster(options?: {
  log?: (line: string) => void;
  detached?: boolean;
  dir?: string;
  haproxyPort?: number;
}): Promise<GaleraCluster>;

export function missingPrograms(): string[];
export const PROVIDER: string;
export const STATE_FILE: string;
