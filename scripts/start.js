#!/usr/bin/env node
'use strict';
// `npm start`: builds the client and the server only if their sources changed since their last
// build (a fresh clone builds both once), then runs the compiled server in this same process, so
// the start compiles nothing and no second Node process holds memory beside the server.
const { build } = require('./build');

build({ onlyChanged: true }).then(
  () => require('../dist/server/main.js'),
  (err) => {
    console.error(`Échec de la construction : ${err.message}`);
    process.exit(1);
  },
);
