// /reset-password/{token} and /login/{token} are the same 'Set a New Password' screen (provider spec §2).
export { action, default, headers, loader, meta } from "./login_.$token";
