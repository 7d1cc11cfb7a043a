import type { AppConfig } from "../../config.js";
import { DevelopmentInvoiceProvider } from "./development-invoice-provider.js";
import type { InvoiceProvider } from "./invoice-provider.js";

/** The configured issuer (INVOICE_PROVIDER), or null when the installation has none. */
export function invoiceProviderFor(config: Pick<AppConfig, "invoiceProvider">, now: () => number): InvoiceProvider | null {
  switch (config.invoiceProvider) {
    case "development":
      return new DevelopmentInvoiceProvider(now);
    case null:
      return null;
  }
}
