// True in a build made with the development tools (`npm start`, the tests, the benchmark: KIWI_DEV_TOOLS=1
// for the Remix build, `--define __DEV_TOOLS__:true` for wrangler); false in a production build, where code
// behind it (the test payment gateway, /dev/outbox, the dev checkout) is dropped. See docs/testing.md.
declare const __DEV_TOOLS__: boolean;
