import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// Every test process writes its generated files (session secret, media) to its own temporary folder.
process.env.NODE_ENV = 'test'
process.env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'dating-test-'))
process.env.LOG_LEVEL ??= 'silent'
// Redis keys and channels of this test file only: the per-address limits (signups an hour from 127.0.0.1) live in
// Redis for an hour, and runs on one machine within the hour must not use up each other's budgets (issue 25).
process.env.REDIS_PREFIX ??= `t${Date.now().toString(36)}${process.pid}:`
