"""The exit codes of every ``rookery`` command (also in README.md and ``rookery --help``)."""

OK, FINDINGS, USAGE = 0, 1, 2
EXIT_CODES = ("exit codes: 0 all is well; 1 findings (a spec with errors, a failing case, "
              "a surviving mutant); 2 a usage mistake (an unknown variant, option or file)")
