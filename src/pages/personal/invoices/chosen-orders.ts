import { z } from "zod";
import { InvoiceableOrderSchema, type InvoiceableOrder } from "../../../schema/invoice";

/**
 * The orders chosen on 可开票订单, handed to 申请开票 in the navigation's state (never the URL: the
 * list of amounts is what the apply page shows, and the server checks every order again).
 */
const ChosenOrdersSchema = z.object({ orders: z.array(InvoiceableOrderSchema).min(1) });

export const chosenOrdersState = (orders: readonly InvoiceableOrder[]) => ({ orders: [...orders] });

/** The chosen orders, or null when the page was opened without a choice (a reload, a bookmark). */
export function readChosenOrders(state: unknown): InvoiceableOrder[] | null {
  const parsed = ChosenOrdersSchema.safeParse(state);
  return parsed.success ? parsed.data.orders : null;
}

export const totalFenOf = (orders: readonly InvoiceableOrder[]) => orders.reduce((sum, order) => sum + order.amountFen, 0);

/** What 申请开票 hands the failure page: the server's reason, and the orders to go back to the form with. */
const RefusalSchema = ChosenOrdersSchema.extend({ reason: z.string() });
export const refusalState = (reason: string, orders: readonly InvoiceableOrder[]) => ({ reason, ...chosenOrdersState(orders) });
export function readRefusal(state: unknown): { reason: string; orders: InvoiceableOrder[] } | null {
  const parsed = RefusalSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}
