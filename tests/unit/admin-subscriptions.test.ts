// The pure rules of /admin/subscriptions and of where a sign-in lands (features/billing/admin-subscriptions.ts,
// features/accounts/auth-redirect.ts).
import { describe, expect, it } from "vitest";
import {
  FAILED_RENEWAL_STATUS,
  pageCount,
  parseSubscriptionQuery,
  SEARCH_MAX,
  searchNeedle,
  subscriptionsHref,
  SUBSCRIPTIONS_PAGE_SIZE,
} from "~/features/billing/admin-subscriptions";
import { ADMIN_HOME, AFTER_LOGIN_DEFAULT, landingAfterLogin } from "~/features/accounts/auth-redirect";

const parse = (search: string) => parseSubscriptionQuery(new URLSearchParams(search));

describe("the subscriptions view from the URL", () => {
  it("reads search, status, plan and page, and ignores what is not one", () => {
    expect(parse("q=%20Ruby%20&status=past_due&plan=featured&page=3")).toEqual({
      q: "Ruby",
      status: "past_due",
      plan: "featured",
      page: 3,
    });
    expect(parse("status=nope&plan=gold&page=-1")).toEqual({ q: "", status: null, plan: null, page: 1 });
    expect(parse("page=2.5").page).toBe(1);
    expect(parse(`q=${"x".repeat(SEARCH_MAX + 50)}`).q).toHaveLength(SEARCH_MAX);
  });

  it("links keep the other choices, start again at page 1, and leave defaults out", () => {
    const query = parse("q=ruby&status=active&page=4");
    expect(subscriptionsHref(query, { status: "past_due" })).toBe("/admin/subscriptions?q=ruby&status=past_due");
    expect(subscriptionsHref(query, { page: 5 })).toBe("/admin/subscriptions?q=ruby&status=active&page=5");
    expect(subscriptionsHref(parse(""))).toBe("/admin/subscriptions");
  });

  it("counts pages, at least one", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(SUBSCRIPTIONS_PAGE_SIZE)).toBe(1);
    expect(pageCount(SUBSCRIPTIONS_PAGE_SIZE + 1)).toBe(2);
  });

  it("compares without case, and a failed renewal is a past-due subscription", () => {
    expect(searchNeedle("Ruby@Demo.TEST")).toBe("ruby@demo.test");
    expect(FAILED_RENEWAL_STATUS).toBe("past_due");
  });
});

describe("where a sign-in lands", () => {
  it("where it was asked to go, else the admin home for an administrator and the dashboard for others", () => {
    expect(landingAfterLogin("/admin/reports", true)).toBe("/admin/reports");
    expect(landingAfterLogin("/dashboard", true)).toBe("/dashboard");
    expect(landingAfterLogin(null, true)).toBe(ADMIN_HOME);
    expect(landingAfterLogin("", true)).toBe(ADMIN_HOME);
    expect(landingAfterLogin(null, false)).toBe(AFTER_LOGIN_DEFAULT);
    expect(landingAfterLogin("https://evil.example/", false)).toBe(AFTER_LOGIN_DEFAULT);
  });
});
