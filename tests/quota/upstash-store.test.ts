import { afterAll, beforeAll } from "vitest";
import { upstashStore } from "@/lib/quota";
import { openTestBridge, TEST_TOKEN, type TestBridge, uniquePrefix } from "../support/redis-bridge";
import { describeQuotaContract } from "./quota-contract";

let redis: TestBridge;
beforeAll(async () => {
  redis = await openTestBridge();
});
afterAll(() => redis?.close());

// The production client (@upstash/redis over fetch) against a real redis-server.
describeQuotaContract("Upstash store (real Redis through the REST bridge)", () =>
  upstashStore({ url: redis.bridge.url, token: TEST_TOKEN, prefix: uniquePrefix("contract") }),
);
