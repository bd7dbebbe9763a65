import functools
from json import dumps, loads

from tortoise import fields, migrations
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    dependencies = [('bansha', '0004_results_and_pictures')]

    initial = False

    operations = [
        ops.CreateModel(
            name='LeaseRow',
            fields=[
                ('account', fields.BigIntField(primary_key=True, generated=False, unique=True, db_index=True)),
                ('holder', fields.CharField(max_length=128)),
                ('epoch', fields.IntField(default=1)),
                ('expires', fields.FloatField()),
            ],
            options={'table': 'bansha_lease', 'app': 'bansha', 'pk_attr': 'account', 'table_description': 'Which process judges a bot account now, on PostgreSQL (plugins/bansha/service/lease.py).'},
            bases=['Model'],
        ),
        ops.AddField(
            model_name='GameRow',
            name='active_group',
            field=fields.BigIntField(null=True, unique=True),
        ),
        ops.AddField(
            model_name='GameRow',
            name='snap_seq',
            field=fields.IntField(default=0, db_default=0),
        ),
        # Games already active keep their group (the newest one where an old multi-process bug left two).
        ops.RunSQL(
            "UPDATE bansha_game SET active_group = group_id WHERE id IN "
            "(SELECT MAX(id) FROM bansha_game WHERE status IN ('signup', 'running') GROUP BY group_id)",
            reverse_sql="UPDATE bansha_game SET active_group = NULL",
        ),
        ops.AddField(
            model_name='InputRow',
            name='notes',
            field=fields.JSONField(null=True, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads),
        ),
    ]
