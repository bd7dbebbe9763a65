"""The command families. Importing this package registers every command in `qq.table`.

Order here is the order `/帮助` lists them in.
"""

from . import info, signup, vote, play, declare, talk, social, records, delivery, judge, ai  # noqa: F401,I001
