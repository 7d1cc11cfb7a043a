import { screen, waitFor } from "@testing-library/react";
import { expect } from "vitest";

/** A link button once it is disabled: antd then drops its href, so it is no longer a "link" to testing-library. */
export function disabledLinkButton(label: string): Promise<HTMLAnchorElement> {
  return waitFor(() => {
    const anchor = screen.getByText(label, { selector: "a, a *" }).closest("a");
    expect(anchor).toHaveAttribute("aria-disabled", "true");
    return anchor!;
  });
}
