import "server-only";
import { Redis } from "@upstash/redis/cloudflare";

export type ContactMessage = { name: string; email: string; message: string; locale: string; receivedAt: string };

const KEY = "contact:messages";
const memory: ContactMessage[] = [];
let announced = false;

function redisFromEnv(): Redis | null {
  const url = process.env.UPSTASH_REDIS_REST_URL;
  const token = process.env.UPSTASH_REDIS_REST_TOKEN;
  return url && token ? new Redis({ url, token }) : null;
}

/** Keeps a contact message: in Upstash Redis when it is configured, else in this process's memory. */
export async function saveContactMessage(message: ContactMessage): Promise<void> {
  const redis = redisFromEnv();
  if (redis) {
    await redis.lpush(KEY, JSON.stringify(message));
    return;
  }
  if (process.env.NODE_ENV === "production" && !announced) {
    console.warn("contact: UPSTASH_REDIS_REST_URL is not set; messages are kept in memory and lost on restart");
  }
  announced = true;
  memory.unshift(message);
}

/** The messages kept in memory (development and tests). */
export function memoryMessages(): readonly ContactMessage[] {
  return memory;
}
