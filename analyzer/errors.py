"""The one exception family the CLI turns into a one-line error and exit 2."""


class InputError(ValueError):
    """Bad input from a user: a card, a shoe, a rule file, an odds string.

    The message is one full sentence naming what is wrong and what is allowed;
    the CLI prints it as is, without a traceback.
    """
