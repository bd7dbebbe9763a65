import functools
from json import dumps, loads

from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    initial = True

    operations = [
        ops.CreateModel(
            name='GameRow',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('group_id', fields.BigIntField(db_index=True)),
                ('self_id', fields.BigIntField()),
                ('ruleset', fields.CharField(max_length=32)),
                ('status', fields.CharField(db_index=True, max_length=16)),
                ('seed', fields.BigIntField()),
                ('owner', fields.BigIntField()),
                ('options', fields.JSONField(encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('phase_no', fields.IntField(default=0)),
                ('deadline', fields.FloatField(null=True)),
                ('seq', fields.IntField(default=0)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('updated_at', fields.DatetimeField(auto_now=True, auto_now_add=False)),
            ],
            options={'table': 'bansha_game', 'app': 'bansha', 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='InputRow',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('game', fields.ForeignKeyField('bansha.GameRow', source_field='game_id', db_constraint=True, to_field='id', related_name='inputs', on_delete=OnDelete.CASCADE)),
                ('seq', fields.IntField()),
                ('kind', fields.CharField(max_length=16)),
                ('actor', fields.BigIntField()),
                ('args', fields.JSONField(encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('at', fields.FloatField()),
                ('source', fields.CharField(null=True, max_length=64)),
            ],
            options={'table': 'bansha_input', 'app': 'bansha', 'unique_together': (('game', 'seq'), ('game', 'source')), 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='OutboxRow',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('game', fields.ForeignKeyField('bansha.GameRow', source_field='game_id', null=True, db_constraint=True, to_field='id', related_name='outbox', on_delete=OnDelete.CASCADE)),
                ('seq', fields.IntField(default=0)),
                ('self_id', fields.BigIntField()),
                ('kind', fields.CharField(max_length=16)),
                ('target', fields.BigIntField()),
                ('group_id', fields.BigIntField(null=True)),
                ('text', fields.TextField(unique=False)),
                ('sent', fields.BooleanField(default=False, db_index=True)),
                ('attempts', fields.IntField(default=0)),
                ('error', fields.TextField(null=True, unique=False)),
            ],
            options={'table': 'bansha_outbox', 'app': 'bansha', 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='PmChoice',
            fields=[
                ('qq', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('game_id', fields.IntField()),
            ],
            options={'table': 'bansha_pm_choice', 'app': 'bansha', 'pk_attr': 'qq', 'table_description': "/局: which game a player's private messages refer to."},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='SeatRow',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('game', fields.ForeignKeyField('bansha.GameRow', source_field='game_id', db_constraint=True, to_field='id', related_name='seats', on_delete=OnDelete.CASCADE)),
                ('seat', fields.IntField()),
                ('qq', fields.BigIntField(db_index=True)),
                ('name', fields.CharField(max_length=64)),
            ],
            options={'table': 'bansha_seat', 'app': 'bansha', 'unique_together': (('game', 'seat'),), 'pk_attr': 'id'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='SnapshotRow',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('game', fields.ForeignKeyField('bansha.GameRow', source_field='game_id', db_constraint=True, to_field='id', related_name='snapshots', on_delete=OnDelete.CASCADE)),
                ('seq', fields.IntField()),
                ('version', fields.CharField(max_length=40)),
                ('data', fields.BinaryField()),
            ],
            options={'table': 'bansha_snapshot', 'app': 'bansha', 'pk_attr': 'id'},
            bases=['Model'],
        ),
    ]
