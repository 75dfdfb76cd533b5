import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// Every test process writes its generated files (session secret, media) to its own temporary folder.
process.env.NODE_ENV = 'test'
process.env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'dating-test-'))
process.env.LOG_LEVEL ??= 'silent'
