/** Types of scripts/topology.mjs (the operator's topology, decision 0055), for the test that starts it. */
export interface TopologyProcess {
  name: string;
  exited: boolean;
}
export interface Topology {
  port: number;
  servers: { a: number; b: number };
  pgbouncerPort: number;
  dataDir: string;
  logDir: string;
  processes: Record<string, TopologyProcess>;
  log(name: string): string;
  stop(): Promise<void>;
}
export function findProgram(name: string): string | null;
export function startTopology(options: {
  appUrl: string;
  ownerUrl: string;
  port?: number;
  dataDir?: string;
  env?: Record<string, string>;
  startTimeoutMs?: number;
}): Promise<Topology>;
