import functools
from json import dumps, loads

from tortoise import fields, migrations
from tortoise.fields.base import OnDelete
from tortoise.indexes import Index
from tortoise.migrations import operations as ops


class Migration(migrations.Migration):
    dependencies = [('bansha', '0003_console')]

    initial = False

    operations = [
        ops.CreateModel(
            name='ResultRow',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('game', fields.ForeignKeyField('bansha.GameRow', source_field='game_id', db_constraint=True, to_field='id', related_name='results', on_delete=OnDelete.CASCADE)),
                ('group_id', fields.BigIntField()),
                ('ruleset', fields.CharField(max_length=32)),
                ('board', fields.CharField(default='', max_length=64)),
                ('qq', fields.BigIntField()),
                ('name', fields.CharField(max_length=64)),
                ('seat', fields.IntField()),
                ('role', fields.CharField(max_length=64)),
                ('faction', fields.CharField(max_length=64)),
                ('won', fields.BooleanField(null=True)),
                ('ended_at', fields.FloatField()),
            ],
            options={'table': 'bansha_result', 'app': 'bansha', 'indexes': [Index(fields=['qq', 'ended_at']), Index(fields=['group_id', 'ruleset', 'qq', 'won']), Index(fields=['ruleset', 'board', 'role', 'won'])], 'pk_attr': 'id', 'table_description': 'One seat of one finished game: what /战绩, /排行 and `bansha stats` read (plugins/bansha/records.py).'},
            bases=['Model'],
        ),
        ops.AddField(
            model_name='OutboxRow',
            name='data',
            field=fields.JSONField(null=True, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads),
        ),
    ]
