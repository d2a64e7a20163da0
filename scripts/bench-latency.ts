/** What one load run (autocannon) measured on an HTTP path: the figures every bench records. */
export interface Latency {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  requests: number;
  non2xx: number;
  bytes: number;
}
