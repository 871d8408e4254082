import type { TestProject } from "vitest/node";
import { startApp } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    persistDir: string;
  }
}

export default async function setup(project: TestProject) {
  const app = await startApp();
  project.provide("baseUrl", app.url);
  project.provide("persistDir", app.persistDir);
  return () => app.stop();
}
