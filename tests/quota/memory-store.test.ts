import { memoryStore } from "@/lib/quota";
import { describeQuotaContract } from "./quota-contract";

describeQuotaContract("memory store", () => memoryStore());
