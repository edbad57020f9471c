// The amounts check is shared by every Lab use (lib/checks/amounts.ts); this is its public name.
export { findAmounts, type MoneyAmount, unverifiedAmounts } from "@/lib/checks/amounts";
