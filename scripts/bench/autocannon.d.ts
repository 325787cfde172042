// The part of autocannon's API the bench uses (the package ships no types).
declare module "autocannon" {
  interface Options {
    url: string;
    connections: number;
    duration: number;
    requests: { method: string; path: string; setupRequest?: (request: { path: string }) => { path: string } }[];
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  interface Instance extends PromiseLike<Result> {
    on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
  }
  export default function autocannon(options: Options): Instance;
}
