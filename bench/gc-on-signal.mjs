// Preloaded by bench/chat-scale.ts into a measured server (node --expose-gc --import ./bench/gc-on-signal.mjs):
// SIGUSR2 runs a full garbage collection and prints the process's memory use as one line, so that a reading after
// it counts live memory, not garbage the collector has not reached yet. Never loaded by the product.
process.on('SIGUSR2', () => {
  globalThis.gc?.()
  globalThis.gc?.()
  console.log(`BENCH_MEMORY ${JSON.stringify(process.memoryUsage())}`)
})
