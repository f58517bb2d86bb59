import { MESSAGES } from '@insightra/contract';
import { hash, verify } from '@node-rs/argon2';
import { serviceUnavailable } from './http-error';

/** argon2id with OWASP's second recommended setting: m=19 MiB, t=2, p=1 (set explicitly). */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Seconds a client is asked to wait (Retry-After) when the hashing queue is full. */
export const HASH_RETRY_AFTER_S = 2;

/**
 * Password hashing is the most expensive thing a stranger can ask of the server (about 19 MiB and tens
 * of milliseconds of a libuv thread each): at most `concurrency` hashes run at once, at most `queue`
 * wait, and beyond that the request answers 503 with Retry-After at once instead of waiting without
 * bound. One limiter per process, as the threads it protects are.
 */
class HashLimiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    public concurrency = 4,
    public queue = 32,
  ) {}

  stats() {
    return { running: this.running, queued: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) {
        throw serviceUnavailable(MESSAGES.availability.hashingBusy, HASH_RETRY_AFTER_S);
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so `running` never exceeds `concurrency`.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const limiter = new HashLimiter();

/** Sets the bound (HASH_CONCURRENCY) and the queue behind it; the app does this at start-up. */
export function configurePasswordHashing({
  concurrency,
  queue = 32,
}: {
  concurrency: number;
  queue?: number;
}) {
  limiter.concurrency = concurrency;
  limiter.queue = queue;
}

/** Hashes running and waiting now (for the metrics endpoint). */
export function passwordHashingLoad(): { running: number; queued: number } {
  return limiter.stats();
}

export function hashPassword(password: string): Promise<string> {
  return limiter.run(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return limiter.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}
