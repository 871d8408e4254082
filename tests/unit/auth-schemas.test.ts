import { describe, expect, it } from "vitest";
import {
  apiResetPasswordSchema,
  loginSchema,
  MSG,
  parseWith,
  resetRequestSchema,
  setPasswordSchema,
  signupSchema,
} from "~/features/accounts/auth-schemas";
import { formToObject } from "../../app/platform/http/form-object";

const good = { email: "Hana@Test.NZ ", password: "12345678", agency: "false", firstName: " Hana " };

describe("login schema", () => {
  it("normalises the e-mail and keeps the password as typed", () => {
    expect(parseWith(loginSchema, { email: "  Kiri@Example.NZ", password: " pass " })).toEqual({
      ok: true,
      data: { email: "kiri@example.nz", password: " pass " },
    });
  });

  it("asks for both fields before anything else", () => {
    for (const input of [
      {},
      { email: "" },
      { email: "a@b.nz", password: "" },
      { email: "bad", password: "" },
      { email: "  ", password: "x" },
    ]) {
      expect(parseWith(loginSchema, input)).toEqual({ ok: false, error: MSG.required });
    }
  });

  it("refuses wrong types, malformed e-mails and huge values", () => {
    expect(parseWith(loginSchema, { email: 5, password: "x" })).toEqual({ ok: false, error: MSG.emailNotText });
    expect(parseWith(loginSchema, { email: "a@b.nz", password: 12345678 })).toEqual({
      ok: false,
      error: MSG.passwordNotText,
    });
    expect(parseWith(loginSchema, { email: "a@", password: "x" })).toEqual({ ok: false, error: MSG.emailInvalid });
    expect(parseWith(loginSchema, { email: `${"x".repeat(300)}@b.nz`, password: "x" })).toEqual({
      ok: false,
      error: MSG.emailTooLong,
    });
    expect(parseWith(loginSchema, { email: "a@b.nz", password: "x".repeat(129) })).toEqual({
      ok: false,
      error: MSG.passwordMax,
    });
  });

  it("has no minimum length at login", () => {
    expect(parseWith(loginSchema, { email: "a@b.nz", password: "x" }).ok).toBe(true);
  });
});

describe("sign-up schema", () => {
  it("accepts a complete form and turns agency into a boolean", () => {
    const r = parseWith(signupSchema, { ...good, agency: "true", accountType: "admin" });
    expect(r).toEqual({
      ok: true,
      data: { email: "hana@test.nz", password: "12345678", agency: true, firstName: "Hana", lastName: "" },
    });
    expect(parseWith(signupSchema, { ...good, agency: false })).toMatchObject({ ok: true, data: { agency: false } });
  });

  it("gives the spec's messages, presence first", () => {
    expect(parseWith(signupSchema, { ...good, email: "" })).toEqual({ ok: false, error: MSG.required });
    expect(parseWith(signupSchema, { ...good, agency: undefined, email: "bad" })).toEqual({
      ok: false,
      error: MSG.accountChoice,
    });
    expect(parseWith(signupSchema, { ...good, agency: "maybe" })).toEqual({ ok: false, error: MSG.accountChoice });
    expect(parseWith(signupSchema, { ...good, firstName: "   " })).toEqual({ ok: false, error: MSG.firstNameRequired });
    expect(parseWith(signupSchema, { ...good, password: "1234567" })).toEqual({
      ok: false,
      error: "Password must be at least 8 characters long",
    });
    expect(parseWith(signupSchema, { ...good, password: "x".repeat(129) })).toEqual({
      ok: false,
      error: MSG.passwordMax,
    });
    expect(parseWith(signupSchema, { ...good, firstName: "x".repeat(51) })).toEqual({
      ok: false,
      error: MSG.firstNameTooLong,
    });
    expect(parseWith(signupSchema, { ...good, firstName: "Ha\nna" })).toEqual({ ok: false, error: MSG.nameInvalid });
    expect(parseWith(signupSchema, { ...good, lastName: null })).toEqual({ ok: false, error: MSG.nameNotText });
  });
});

describe("reset schemas", () => {
  it("needs an e-mail to send a link", () => {
    expect(parseWith(resetRequestSchema, {})).toEqual({ ok: false, error: MSG.resetEmailRequired });
    expect(parseWith(resetRequestSchema, { email: "a@b.nz" })).toEqual({ ok: true, data: { email: "a@b.nz" } });
  });

  it("checks the match before the length", () => {
    expect(parseWith(setPasswordSchema, { password: "short", confirmPassword: "other" })).toEqual({
      ok: false,
      error: MSG.passwordMismatch,
    });
    expect(parseWith(setPasswordSchema, { password: "short", confirmPassword: "short" })).toEqual({
      ok: false,
      error: MSG.passwordMin,
    });
    expect(parseWith(setPasswordSchema, {})).toEqual({ ok: false, error: MSG.passwordMin });
    const long = "x".repeat(129);
    expect(parseWith(setPasswordSchema, { password: long, confirmPassword: long })).toEqual({
      ok: false,
      error: MSG.passwordMax,
    });
    expect(parseWith(setPasswordSchema, { password: "longenough", confirmPassword: "longenough" }).ok).toBe(true);
  });

  it("the JSON reset takes newPassword", () => {
    expect(parseWith(apiResetPasswordSchema, { newPassword: "longenough" }).ok).toBe(true);
    expect(parseWith(apiResetPasswordSchema, { newPassword: 1 })).toEqual({ ok: false, error: MSG.passwordNotText });
    expect(parseWith(apiResetPasswordSchema, {})).toEqual({ ok: false, error: MSG.passwordMin });
  });
});

describe("formToObject", () => {
  it("keeps the first value of each name and treats prototype names as plain fields", () => {
    const form = new FormData();
    form.append("email", "a@b.nz");
    form.append("email", "second@b.nz");
    form.append("__proto__", "x");
    form.append("constructor", "y");
    const obj = formToObject(form);
    expect(obj.email).toBe("a@b.nz");
    expect(obj.__proto__).toBe("x");
    expect(obj.constructor).toBe("y");
  });

  it("leaves a file part a File, which the schemas refuse", () => {
    const form = new FormData();
    form.append("email", new Blob(["a@b.nz"]), "email.txt");
    form.append("password", "x");
    expect(parseWith(loginSchema, formToObject(form))).toEqual({ ok: false, error: MSG.emailNotText });
  });
});
