// The few autocannon types the bench uses (the package ships none).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      [k: string]: unknown;
    }
    interface RequestStep extends Request {
      setupRequest?: (req: Request, context: Record<string, unknown>) => Request | undefined;
      onResponse?: (
        status: number,
        body: string,
        context: Record<string, unknown>,
        headers?: Record<string, string | string[]>,
      ) => void;
    }
    interface Options {
      url?: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      connections?: number;
      duration?: number;
      requests?: RequestStep[];
    }
    interface Histogram {
      average: number;
      p50: number;
      p99: number;
      /** Of `requests`: every request sent. */
      total: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      non2xx: number;
      errors: number;
      timeouts: number;
    }
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
