/** A Node process that does nothing: the floor under every cold start. */
process.stdout.write('ready 0\n')
